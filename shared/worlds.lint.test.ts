import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The four worlds are kept apart by lint (STYLE.md habit 1). These probes make sure a wrong
 * import really fails `npm run lint`, and an allowed one does not.
 */
const eslint = new ESLint({
  // The probes are not files of any tsconfig: lint them without the type-aware rules, which
  // need a program to read the types from (the import rules under test need none).
  overrideConfig: {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'off',
    },
  },
});

async function restrictedImports(filePath: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').length;
}

describe('import rules between worlds', () => {
  it.each([
    ['shared/probe.ts', "import fs from 'node:fs';\nexport const x = fs;\n"],
    [
      'shared/probe.ts',
      "import { createApp } from '../backend/src/app.ts';\nexport const x = createApp;\n",
    ],
    ['renderer/src/probe.ts', "import { app } from 'electron';\nexport const x = app;\n"],
    [
      'renderer/src/probe.ts',
      "import { createApp } from '../../backend/src/app.ts';\nexport const x = createApp;\n",
    ],
    [
      'backend/src/probe.ts',
      "import { App } from '../../renderer/src/app/App.tsx';\nexport const x = App;\n",
    ],
    ['electron/preload/probe.ts', "import fs from 'node:fs';\nexport const x = fs;\n"],
    ['electron/server/probe.ts', "import { app } from 'electron';\nexport const x = app;\n"],
    [
      'renderer/src/platform/probe.ts',
      "import { api } from '../../../electron/preload/api.ts';\nexport const x = api;\n",
    ],
  ])('refuses %s importing across worlds', async (filePath, code) => {
    expect(await restrictedImports(filePath, code)).toBeGreaterThan(0);
  });

  it.each([
    ['shared/probe.ts', "import { z } from 'zod';\nexport const x = z;\n"],
    [
      'shared/api/probe.ts',
      "import { generateRoomKey } from '../crypto/index.ts';\nexport const x = generateRoomKey;\n",
    ],
    [
      'renderer/src/platform/probe.ts',
      "import type { DesktopBridge } from '../../../electron/preload/api.ts';\nexport type X = DesktopBridge;\n",
    ],
    [
      'backend/src/probe.ts',
      "import { apiRoutes } from '../../shared/api/paths.ts';\nexport const x = apiRoutes;\n",
    ],
    [
      'electron/server/probe.ts',
      "import { createApp } from '../../backend/src/app.ts';\nexport const x = createApp;\n",
    ],
  ])('allows %s its own imports', async (filePath, code) => {
    expect(await restrictedImports(filePath, code)).toBe(0);
  });
});

/** Messages of one rule for a probe file. */
async function ruleMessages(ruleId: string, filePath: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === ruleId).length;
}

describe('one feature shape in the renderer (renderer/src/features/README.md)', () => {
  const boundaries = (filePath: string, code: string) =>
    ruleMessages('ashnote/feature-boundaries', filePath, code);

  it.each([
    [
      'renderer/src/features/blog/probe.ts',
      "import { apiErrorKey } from '../notes/createNote.ts';\nexport const x = apiErrorKey;\n",
    ],
    [
      'renderer/src/features/notes/mobile/probe.tsx',
      "import { ChatRoom } from '../../chat/ChatRoom.tsx';\nexport const x = ChatRoom;\n",
    ],
    [
      'renderer/src/features/chat/probe.ts',
      "export const x = () => import('../notes/view/NoteViewerPage.tsx');\n",
    ],
    [
      'renderer/src/features/faq/probe.ts',
      "import { AppRoutes } from '../../app/routes.tsx';\nexport const x = AppRoutes;\n",
    ],
  ])('refuses %s importing another feature or app internals', async (filePath, code) => {
    expect(await boundaries(filePath, code)).toBeGreaterThan(0);
  });

  it.each([
    [
      'renderer/src/features/notes/mobile/probe.ts',
      "import { createNote } from '../createNote.ts';\nexport const x = createNote;\n",
    ],
    [
      'renderer/src/features/blog/probe.ts',
      "import { apiErrorKey } from '../../api/errorKey.ts';\nimport { routePaths } from '../../app/paths.ts';\nimport { useAdminGate } from '../../app/admin/useAdminGate.tsx';\nexport const x = [apiErrorKey, routePaths, useAdminGate];\n",
    ],
    [
      'renderer/src/app/probe.ts',
      "import { CreateNoteForm } from '../features/notes/create/CreateNoteForm.tsx';\nexport const x = CreateNoteForm;\n",
    ],
  ])('allows %s its own imports', async (filePath, code) => {
    expect(await boundaries(filePath, code)).toBe(0);
  });
});

describe('design tokens, not pixels, in renderer features (renderer/src/ui/tokens.ts)', () => {
  const rawPx = (filePath: string, code: string) =>
    ruleMessages('ashnote/no-raw-px', filePath, code);
  const styled = (css: string) =>
    `import styled from 'styled-components';\nimport { fontSize, layer, radius, space } from '../../ui/tokens.ts';\nexport const Box = styled.div\`\n${css}\n\`;\nexport const used = [fontSize, layer, radius, space];\n`;

  it.each([
    ['padding: 12px;'],
    ['margin-block-start: -4px;'],
    ['padding: ${space[2]} 12px;'],
    ['gap: 10px;'],
    ['inset-inline-end: 8px;'],
    ['font-size: 15px;'],
    ['border-radius: 6px;'],
    ['z-index: 40;'],
  ])('refuses `%s` in a feature', async (css) => {
    expect(await rawPx('renderer/src/features/chat/probe.ts', styled(css))).toBeGreaterThan(0);
  });

  it.each([
    ['padding: ${space[3]} ${space[4]};'],
    ['margin: 0;'],
    ['font-size: ${fontSize.md};'],
    ['border-radius: ${radius.round};'],
    ['z-index: ${layer.menu};'],
    // A component's own geometry and hairlines are not steps of a scale.
    ['inline-size: 40px;\n  border: 1px solid red;\n  outline-offset: 2px;'],
  ])('allows `%s` in a feature', async (css) => {
    expect(await rawPx('renderer/src/features/chat/probe.ts', styled(css))).toBe(0);
  });

  it('leaves ui/ its own pixels (the kit that defines the components)', async () => {
    expect(await rawPx('renderer/src/ui/probe.ts', styled('padding: 12px;'))).toBe(0);
  });
});
