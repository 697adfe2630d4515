import { useAtom } from 'jotai';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { routePaths } from '../../../app/paths.ts';
import { usePageMeta } from '../../../meta/usePageMeta.ts';
import { MobileScreen } from '../../../ui/MobileScreen.tsx';
import { RequestForm, RequestLinks } from '../RequestForm.tsx';
import { mobileRequestAtom } from './mobileRequestAtom.ts';

/** `/mobile/request`: the Request tab, the web page's form and links in the shell. */
export function RequestTab() {
  const { t } = useTranslation();
  const [created, setCreated] = useAtom(mobileRequestAtom);
  usePageMeta({
    title: t('request.create.title'),
    description: t('request.create.intro'),
    canonical: routePaths.mobileRequest,
  });
  return (
    <MobileScreen title={t('request.create.title')} intro={t('request.create.intro')}>
      {created === null ? (
        <RequestForm onCreated={setCreated} />
      ) : (
        <RequestLinks created={created} onAnother={() => setCreated(null)} />
      )}
    </MobileScreen>
  );
}
