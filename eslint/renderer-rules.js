// @ts-check
import path from 'node:path';

/**
 * Local lint rules for the renderer's shape (renderer/src/features/README.md). Small on purpose:
 * each reads one file and needs no type information.
 */

const FEATURES = `${path.sep}renderer${path.sep}src${path.sep}features${path.sep}`;

/** The feature folder a file belongs to, or null outside renderer/src/features. */
function featureOf(file) {
  const at = file.indexOf(FEATURES);
  return at === -1 ? null : file.slice(at + FEATURES.length).split(path.sep)[0];
}

/** @type {import('eslint').Rule.RuleModule} */
const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description: 'A renderer feature imports no other feature, and only app/ entry points',
    },
    schema: [
      {
        type: 'object',
        properties: { appEntryPoints: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      otherFeature:
        'features/{{own}} imports features/{{other}}: a feature never imports another; move what both need down a floor (ui/, api/, i18n/, app/ entry points, shared/).',
      appInternal:
        'features/{{own}} imports app/{{file}}, which is not an entry point for features (renderer/src/features/README.md).',
    },
  },
  create(context) {
    const own = featureOf(context.filename);
    if (own === null) return {};
    const srcRoot = context.filename.slice(
      0,
      context.filename.indexOf(FEATURES) + FEATURES.length - 'features/'.length,
    );
    const entryPoints = new Set(context.options[0]?.appEntryPoints ?? []);

    /** @param {import('estree').Node | null | undefined} source */
    function check(source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const target = path.relative(
        srcRoot,
        path.resolve(path.dirname(context.filename), source.value),
      );
      const [floor, next] = target.split(path.sep);
      if (floor === 'features' && next !== own) {
        context.report({ node: source, messageId: 'otherFeature', data: { own, other: next } });
      } else if (floor === 'app') {
        const file = target.split(path.sep).slice(1).join('/');
        const allowed = [...entryPoints].some((entry) =>
          entry.endsWith('/') ? file.startsWith(entry) : file === entry,
        );
        if (!allowed)
          context.report({ node: source, messageId: 'appInternal', data: { own, file } });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

/** Properties whose values come from the scales in renderer/src/ui/tokens.ts. */
const SCALED =
  /^(margin|padding|gap|row-gap|column-gap|inset|top|right|bottom|left|font-size|z-index)(-[a-z-]+)?$|radius$/;
const PIXELS = /(^|[^\w.-])-?\d*\.?\d+px\b/;

/** @type {import('eslint').Rule.RuleModule} */
const noRawPx = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Spacing, type, radii and layers in styled templates come from ui/tokens.ts',
    },
    schema: [],
    messages: {
      rawValue:
        '`{{declaration}}`: take {{property}} from the scale in ui/tokens.ts (space, fontSize, radius, layer), not a raw value.',
    },
  },
  create(context) {
    return {
      TaggedTemplateExpression(node) {
        // The template's text with each interpolation as a placeholder, so `padding: ${space[2]} 12px`
        // is still one declaration.
        const text = node.quasi.quasis.map((quasi) => quasi.value.raw).join('§');
        for (const match of text.matchAll(/([a-z-]+)\s*:\s*([^;{}]*)/g)) {
          const [declaration, property, value] = match;
          if (!SCALED.test(property)) continue;
          const raw = property === 'z-index' ? /^\s*-?\d+\s*$/.test(value) : PIXELS.test(value);
          if (raw) {
            context.report({
              node: node.quasi,
              messageId: 'rawValue',
              data: { declaration: declaration.trim(), property },
            });
          }
        }
      },
    };
  },
};

export const rendererRules = {
  rules: { 'feature-boundaries': featureBoundaries, 'no-raw-px': noRawPx },
};
