import { apiPaths } from '../../../shared/api/paths.ts';
import { LANGUAGES, type LanguageCode } from '../../../shared/languages.ts';
import type { RenderedIssue } from './issue-render.ts';

interface NewsletterWording {
  codeSubject: string;
  /** `{code}` is the 5-digit code, `{minutes}` how long it is valid. */
  code: string;
  notYou: string;
  welcomeSubject: string;
  welcome: string;
  /** `{url}` is the one-click unsubscribe link. */
  unsubscribe: string;
  /**
   * The page the unsubscribe link opens: it asks, and only its button unsubscribes (a mail
   * scanner or link prefetcher that opens the link changes nothing).
   */
  confirmTitle: string;
  confirmText: string;
  confirmButton: string;
  /** The page once unsubscribed. */
  unsubscribedTitle: string;
  unsubscribed: string;
  backHome: string;
  /** The page for a link that matches no subscriber. */
  linkInvalid: string;
}

/** Newsletter mail and the unsubscribe page in the subscriber's interface language. */
const WORDING: Record<LanguageCode, NewsletterWording> = {
  en: {
    codeSubject: 'Confirm your Ashnote newsletter subscription',
    code: 'Your verification code is {code}. It is valid for {minutes} minutes.',
    notYou: 'If you did not ask for this, ignore this message: without the code, nothing happens.',
    welcomeSubject: 'Welcome to the Ashnote newsletter',
    welcome: 'You are now subscribed to the Ashnote security newsletter.',
    unsubscribe: 'To unsubscribe at any time, open this link: {url}',
    confirmTitle: 'Unsubscribe from the Ashnote newsletter?',
    confirmText: 'Nothing has changed yet: press the button to stop receiving it.',
    confirmButton: 'Unsubscribe',
    unsubscribedTitle: 'You are unsubscribed',
    unsubscribed: 'You will receive no more mail from the Ashnote newsletter.',
    backHome: 'Back to Ashnote',
    linkInvalid:
      'This unsubscribe link is not valid. If the newsletter still reaches you, use the link in its latest mail.',
  },
  es: {
    codeSubject: 'Confirma tu suscripción al boletín de Ashnote',
    code: 'Tu código de verificación es {code}. Es válido durante {minutes} minutos.',
    notYou: 'Si no lo has solicitado, ignora este mensaje: sin el código no ocurre nada.',
    welcomeSubject: 'Te damos la bienvenida al boletín de Ashnote',
    welcome: 'Ya estás suscrito al boletín de seguridad de Ashnote.',
    unsubscribe: 'Para darte de baja en cualquier momento, abre este enlace: {url}',
    confirmTitle: '¿Darte de baja del boletín de Ashnote?',
    confirmText: 'Todavía no ha cambiado nada: pulsa el botón para dejar de recibirlo.',
    confirmButton: 'Darme de baja',
    unsubscribedTitle: 'Te has dado de baja',
    unsubscribed: 'No recibirás más correos del boletín de Ashnote.',
    backHome: 'Volver a Ashnote',
    linkInvalid:
      'Este enlace para darse de baja no es válido. Si sigues recibiendo el boletín, usa el enlace de su último correo.',
  },
  fr: {
    codeSubject: 'Confirmez votre abonnement à la newsletter Ashnote',
    code: 'Votre code de vérification est {code}. Il est valable {minutes} minutes.',
    notYou: 'Si vous n’avez rien demandé, ignorez ce message : sans le code, il ne se passe rien.',
    welcomeSubject: 'Bienvenue dans la newsletter Ashnote',
    welcome: 'Vous êtes désormais abonné à la newsletter sécurité d’Ashnote.',
    unsubscribe: 'Pour vous désabonner à tout moment, ouvrez ce lien : {url}',
    confirmTitle: 'Se désabonner de la newsletter Ashnote ?',
    confirmText: 'Rien n’a encore changé : appuyez sur le bouton pour ne plus la recevoir.',
    confirmButton: 'Me désabonner',
    unsubscribedTitle: 'Vous êtes désabonné',
    unsubscribed: 'Vous ne recevrez plus de courriels de la newsletter Ashnote.',
    backHome: 'Retour à Ashnote',
    linkInvalid:
      'Ce lien de désabonnement n’est pas valide. Si la newsletter vous parvient encore, utilisez le lien de son dernier courriel.',
  },
  de: {
    codeSubject: 'Bestätige dein Abo des Ashnote-Newsletters',
    code: 'Dein Bestätigungscode lautet {code}. Er ist {minutes} Minuten lang gültig.',
    notYou:
      'Wenn du das nicht angefordert hast, ignoriere diese Nachricht: Ohne den Code passiert nichts.',
    welcomeSubject: 'Willkommen beim Ashnote-Newsletter',
    welcome: 'Du hast den Sicherheits-Newsletter von Ashnote jetzt abonniert.',
    unsubscribe: 'Abmelden kannst du dich jederzeit über diesen Link: {url}',
    confirmTitle: 'Vom Ashnote-Newsletter abmelden?',
    confirmText:
      'Noch hat sich nichts geändert: Drück auf die Schaltfläche, um ihn nicht mehr zu erhalten.',
    confirmButton: 'Abmelden',
    unsubscribedTitle: 'Du bist abgemeldet',
    unsubscribed: 'Du erhältst keine E-Mails mehr vom Ashnote-Newsletter.',
    backHome: 'Zurück zu Ashnote',
    linkInvalid:
      'Dieser Abmeldelink ist ungültig. Wenn dich der Newsletter weiterhin erreicht, nutze den Link in seiner neuesten E-Mail.',
  },
  zh: {
    codeSubject: '确认订阅 Ashnote 通讯',
    code: '你的验证码是 {code}，{minutes} 分钟内有效。',
    notYou: '如果这不是你本人的请求，请忽略此邮件：没有验证码，什么也不会发生。',
    welcomeSubject: '欢迎订阅 Ashnote 通讯',
    welcome: '你已成功订阅 Ashnote 安全通讯。',
    unsubscribe: '如需随时退订，请打开此链接：{url}',
    confirmTitle: '要退订 Ashnote 通讯吗？',
    confirmText: '目前尚未做任何更改：按下按钮即可不再接收。',
    confirmButton: '退订',
    unsubscribedTitle: '你已退订',
    unsubscribed: '你将不再收到 Ashnote 通讯的任何邮件。',
    backHome: '返回 Ashnote',
    linkInvalid: '此退订链接无效。如果你仍收到通讯，请使用最新一封邮件中的链接。',
  },
  ja: {
    codeSubject: 'Ashnote ニュースレターの購読を確認してください',
    code: '確認コードは {code} です。有効期間は {minutes} 分です。',
    notYou:
      'お心当たりがない場合は、このメールを無視してください。コードがなければ何も起こりません。',
    welcomeSubject: 'Ashnote ニュースレターへようこそ',
    welcome: 'Ashnote セキュリティニュースレターの購読が完了しました。',
    unsubscribe: 'いつでも購読を解除するには、このリンクを開いてください：{url}',
    confirmTitle: 'Ashnote ニュースレターの配信を停止しますか？',
    confirmText: 'まだ何も変わっていません。ボタンを押すと配信が止まります。',
    confirmButton: '配信を停止',
    unsubscribedTitle: '購読を解除しました',
    unsubscribed: 'Ashnote ニュースレターからのメールは今後届きません。',
    backHome: 'Ashnote に戻る',
    linkInvalid:
      'この購読解除リンクは無効です。ニュースレターがまだ届く場合は、最新のメールにあるリンクを使ってください。',
  },
  ko: {
    codeSubject: 'Ashnote 뉴스레터 구독을 확인해 주세요',
    code: '인증 코드는 {code}입니다. {minutes}분 동안 유효합니다.',
    notYou: '요청하지 않으셨다면 이 메일을 무시하세요. 코드가 없으면 아무 일도 일어나지 않습니다.',
    welcomeSubject: 'Ashnote 뉴스레터에 오신 것을 환영합니다',
    welcome: '이제 Ashnote 보안 뉴스레터를 구독하고 있습니다.',
    unsubscribe: '언제든지 구독을 해지하려면 이 링크를 여세요: {url}',
    confirmTitle: 'Ashnote 뉴스레터 구독을 취소할까요?',
    confirmText: '아직 아무것도 바뀌지 않았습니다. 버튼을 누르면 더 이상 받지 않습니다.',
    confirmButton: '구독 취소',
    unsubscribedTitle: '구독이 해지되었습니다',
    unsubscribed: '앞으로 Ashnote 뉴스레터 메일을 받지 않습니다.',
    backHome: 'Ashnote로 돌아가기',
    linkInvalid:
      '이 구독 해지 링크는 유효하지 않습니다. 뉴스레터가 계속 온다면 최신 메일의 링크를 사용하세요.',
  },
  ar: {
    codeSubject: 'أكّد اشتراكك في نشرة Ashnote',
    code: 'رمز التحقق الخاص بك هو {code}. وهو صالح لمدة {minutes} دقيقة.',
    notYou: 'إذا لم تطلب ذلك، فتجاهل هذه الرسالة: لن يحدث شيء من دون الرمز.',
    welcomeSubject: 'مرحبًا بك في نشرة Ashnote',
    welcome: 'أنت الآن مشترك في نشرة Ashnote الأمنية.',
    unsubscribe: 'لإلغاء الاشتراك في أي وقت، افتح هذا الرابط: {url}',
    confirmTitle: 'إلغاء الاشتراك في نشرة Ashnote؟',
    confirmText: 'لم يتغير شيء بعد: اضغط الزر لإيقاف استلامها.',
    confirmButton: 'إلغاء الاشتراك',
    unsubscribedTitle: 'تم إلغاء اشتراكك',
    unsubscribed: 'لن تتلقى بعد الآن أي رسائل من نشرة Ashnote.',
    backHome: 'العودة إلى Ashnote',
    linkInvalid:
      'رابط إلغاء الاشتراك هذا غير صالح. إذا كانت النشرة لا تزال تصلك، فاستخدم الرابط الموجود في أحدث رسالة منها.',
  },
  pt: {
    codeSubject: 'Confirme a sua subscrição da newsletter do Ashnote',
    code: 'O seu código de verificação é {code}. É válido durante {minutes} minutos.',
    notYou: 'Se não pediu isto, ignore esta mensagem: sem o código, nada acontece.',
    welcomeSubject: 'Bem-vindo à newsletter do Ashnote',
    welcome: 'Subscreveu a newsletter de segurança do Ashnote.',
    unsubscribe: 'Para cancelar a subscrição a qualquer momento, abra esta ligação: {url}',
    confirmTitle: 'Cancelar a subscrição da newsletter do Ashnote?',
    confirmText: 'Nada mudou ainda: carregue no botão para deixar de a receber.',
    confirmButton: 'Cancelar subscrição',
    unsubscribedTitle: 'A sua subscrição foi cancelada',
    unsubscribed: 'Não voltará a receber mensagens da newsletter do Ashnote.',
    backHome: 'Voltar ao Ashnote',
    linkInvalid:
      'Esta ligação para cancelar a subscrição não é válida. Se ainda recebe a newsletter, use a ligação da mensagem mais recente.',
  },
  ru: {
    codeSubject: 'Подтвердите подписку на рассылку Ashnote',
    code: 'Ваш код подтверждения: {code}. Он действует {minutes} минут.',
    notYou:
      'Если вы этого не запрашивали, просто проигнорируйте письмо: без кода ничего не произойдёт.',
    welcomeSubject: 'Добро пожаловать в рассылку Ashnote',
    welcome: 'Вы подписались на рассылку Ashnote о безопасности.',
    unsubscribe: 'Чтобы отписаться в любой момент, откройте эту ссылку: {url}',
    confirmTitle: 'Отписаться от рассылки Ashnote?',
    confirmText: 'Пока ничего не изменилось: нажмите кнопку, чтобы больше её не получать.',
    confirmButton: 'Отписаться',
    unsubscribedTitle: 'Вы отписались',
    unsubscribed: 'Вы больше не будете получать письма рассылки Ashnote.',
    backHome: 'Вернуться в Ashnote',
    linkInvalid:
      'Эта ссылка для отписки недействительна. Если рассылка всё ещё приходит, воспользуйтесь ссылкой из последнего письма.',
  },
  hi: {
    codeSubject: 'Ashnote न्यूज़लेटर की सदस्यता की पुष्टि करें',
    code: 'आपका सत्यापन कोड {code} है। यह {minutes} मिनट तक मान्य है।',
    notYou: 'अगर आपने यह अनुरोध नहीं किया, तो इस संदेश को अनदेखा करें: कोड के बिना कुछ नहीं होगा।',
    welcomeSubject: 'Ashnote न्यूज़लेटर में आपका स्वागत है',
    welcome: 'अब आपने Ashnote सुरक्षा न्यूज़लेटर की सदस्यता ले ली है।',
    unsubscribe: 'किसी भी समय सदस्यता छोड़ने के लिए यह लिंक खोलें: {url}',
    confirmTitle: 'Ashnote न्यूज़लेटर की सदस्यता छोड़ें?',
    confirmText: 'अभी कुछ नहीं बदला है: इसे पाना बंद करने के लिए बटन दबाएँ।',
    confirmButton: 'सदस्यता छोड़ें',
    unsubscribedTitle: 'आपकी सदस्यता समाप्त हो गई है',
    unsubscribed: 'अब आपको Ashnote न्यूज़लेटर से कोई ईमेल नहीं मिलेगा।',
    backHome: 'Ashnote पर वापस जाएँ',
    linkInvalid:
      'सदस्यता छोड़ने का यह लिंक मान्य नहीं है। अगर न्यूज़लेटर अब भी आपको मिल रहा है, तो उसके सबसे नए ईमेल का लिंक इस्तेमाल करें।',
  },
  it: {
    codeSubject: 'Conferma l’iscrizione alla newsletter di Ashnote',
    code: 'Il tuo codice di verifica è {code}. È valido per {minutes} minuti.',
    notYou:
      'Se non l’hai richiesto tu, ignora questo messaggio: senza il codice non succede nulla.',
    welcomeSubject: 'Benvenuto nella newsletter di Ashnote',
    welcome: 'Ora sei iscritto alla newsletter sulla sicurezza di Ashnote.',
    unsubscribe: 'Per annullare l’iscrizione in qualsiasi momento, apri questo link: {url}',
    confirmTitle: 'Annullare l’iscrizione alla newsletter di Ashnote?',
    confirmText: 'Non è ancora cambiato nulla: premi il pulsante per non riceverla più.',
    confirmButton: 'Annulla l’iscrizione',
    unsubscribedTitle: 'Iscrizione annullata',
    unsubscribed: 'Non riceverai più messaggi dalla newsletter di Ashnote.',
    backHome: 'Torna ad Ashnote',
    linkInvalid:
      'Questo link per annullare l’iscrizione non è valido. Se ricevi ancora la newsletter, usa il link della sua email più recente.',
  },
};

interface NewsletterMail {
  subject: string;
  text: string;
  html?: string;
  headers: Record<string, string>;
}

/** The one-click unsubscribe link of the subscriber holding `token`; only from PUBLIC_URL. */
export const unsubscribeUrl = (origin: string, token: string): string =>
  `${origin}${apiPaths.newsletterUnsubscribe(token)}`;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/**
 * Every newsletter mail ends with its one-click unsubscribe link, also given to the mail client
 * as List-Unsubscribe with RFC 8058's one-click POST.
 */
function withUnsubscribe(
  language: LanguageCode,
  subject: string,
  paragraphs: string[],
  unsubscribeUrl: string,
): NewsletterMail {
  const unsubscribe = WORDING[language].unsubscribe.replace('{url}', unsubscribeUrl);
  return {
    subject,
    text: `${[...paragraphs, unsubscribe].join('\n\n')}\n`,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * An issue as one subscriber gets it: the version in their language (or English), its HTML and
 * its text each ending with the visible unsubscribe link in the subscriber's language (a real
 * link in the HTML), and the List-Unsubscribe headers every newsletter mail carries.
 */
export function issueMail(
  language: LanguageCode,
  version: { language: LanguageCode; subject: string; rendered: RenderedIssue },
  unsubscribeUrl: string,
): NewsletterMail & { html: string } {
  const { subject, rendered } = version;
  const mail = withUnsubscribe(language, subject, [rendered.text], unsubscribeUrl);
  const [before, after] = WORDING[language].unsubscribe.split('{url}').map(escapeHtml);
  const link = escapeHtml(unsubscribeUrl);
  const dirOf = (code: LanguageCode) => LANGUAGES.find((known) => known.code === code)!.dir;
  const html = [
    '<!doctype html>',
    `<html lang="${version.language}" dir="${dirOf(version.language)}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body>',
    rendered.html,
    '<hr>',
    `<p lang="${language}" dir="${dirOf(language)}">${before}<a href="${link}">${link}</a>${after ?? ''}</p>`,
    '</body>',
    '</html>',
  ].join('\n');
  return { ...mail, html: `${html}\n` };
}

export function codeMail(
  language: LanguageCode,
  code: string,
  validMinutes: number,
  unsubscribeUrl: string,
): NewsletterMail {
  const wording = WORDING[language];
  const line = wording.code.replace('{code}', code).replace('{minutes}', String(validMinutes));
  return withUnsubscribe(language, wording.codeSubject, [line, wording.notYou], unsubscribeUrl);
}

export function welcomeMail(language: LanguageCode, unsubscribeUrl: string): NewsletterMail {
  const wording = WORDING[language];
  return withUnsubscribe(language, wording.welcomeSubject, [wording.welcome], unsubscribeUrl);
}

/** The words of the pages the unsubscribe link leads to. */
export function unsubscribeWording(
  language: LanguageCode,
): Pick<
  NewsletterWording,
  | 'confirmTitle'
  | 'confirmText'
  | 'confirmButton'
  | 'unsubscribedTitle'
  | 'unsubscribed'
  | 'backHome'
  | 'linkInvalid'
> {
  return WORDING[language];
}
