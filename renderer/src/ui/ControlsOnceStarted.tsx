import { lazy, type ComponentType, type ReactNode } from 'react';
import styled from 'styled-components';
import { useAppStarted } from './hydration.ts';
import { IdScope } from './ids.tsx';

/**
 * Around every routed page and the bars' buttons (language, menu): their controls (fields,
 * buttons, choices) stay disabled until the app has taken the pre-rendered page over, which it
 * does page by page as each page's code arrives. Typed into before, a note's text would be on
 * screen but not in the app, and its button would do nothing; disabled, they say "not yet". A
 * page the app renders afresh is enabled before it is first painted (hydration.ts). A fieldset
 * is HTML's own way to disable a set of controls; as `display: contents` it adds no box to the
 * layout.
 */
export function ControlsOnceStarted({ children }: { children: ReactNode }) {
  const started = useAppStarted();
  return <Controls disabled={!started}>{children}</Controls>;
}

const Controls = styled.fieldset`
  display: contents;
`;

/**
 * A part whose code loads on demand (a page, the newsletter card), its controls disabled
 * inside its own boundary: on a pre-rendered page that code may arrive after the rest of the app
 * has started, and until it has taken its part over, what is typed there is not in the app. Its
 * element ids are its own, named by `name` (ids.tsx): the order its code arrives in changes none.
 */
export function lazyWithControls<Props extends object>(
  name: string,
  load: () => Promise<ComponentType<Props>>,
) {
  const Part = lazy(async () => {
    const Loaded = await load();
    return {
      default: (props: Props) => (
        <ControlsOnceStarted>
          <Loaded {...props} />
        </ControlsOnceStarted>
      ),
    };
  });
  return (props: Props) => (
    <IdScope name={name}>
      <Part {...props} />
    </IdScope>
  );
}
