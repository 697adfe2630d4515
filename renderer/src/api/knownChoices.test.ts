import { describe, expect, it } from 'vitest';
import { buildPublicConfig, publicConfigSchema } from '../../../shared/api/config.ts';
import { withKnownChoices } from './knownChoices.ts';

/** This server's answer, as JSON would bring it. */
const answer = () =>
  JSON.parse(
    JSON.stringify(
      buildPublicConfig({
        emailAvailable: true,
        aiArticlesAvailable: false,
        adminAvailable: false,
        socialUrl: null,
        expirations: ['1h', '1d', '7d'],
        maxFileBytes: 1000,
      }),
    ),
  ) as Record<string, unknown>;

describe('withKnownChoices', () => {
  it('leaves a known answer as it is', () => {
    expect(withKnownChoices(answer())).toEqual(answer());
  });

  it("keeps a newer server's answer usable: unknown lives and durations left out, unknown defaults replaced", () => {
    const newer = {
      ...answer(),
      expirations: ['2m', '1h', '2h', '1d'],
      defaultExpiration: '2h',
      chatDurations: ['5', '90', '15'],
      defaultChatDuration: '90',
    };
    // The schema alone refuses it whole, which would leave every screen without the config.
    expect(publicConfigSchema.safeParse(newer).success).toBe(false);
    const parsed = publicConfigSchema.safeParse(withKnownChoices(newer));
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      expirations: ['1h', '1d'],
      defaultExpiration: '1d',
      chatDurations: ['5', '15'],
      defaultChatDuration: '15',
      emailAvailable: true,
    });
  });

  it('keeps a known default, and picks the nearest known one otherwise', () => {
    expect(
      withKnownChoices({ ...answer(), expirations: ['1h', '3d'], defaultExpiration: '3d' }),
    ).toMatchObject({ expirations: ['1h'], defaultExpiration: '1h' });
    expect(
      withKnownChoices({ ...answer(), chatDurations: ['60', '120'], defaultChatDuration: '120' }),
    ).toMatchObject({ chatDurations: ['60'], defaultChatDuration: '60' });
  });

  it('leaves for the schema to refuse an answer with nothing this app knows, or no lists at all', () => {
    for (const broken of [
      { ...answer(), expirations: ['2h'] },
      { ...answer(), expirations: 'soon' },
      null,
      [],
    ]) {
      expect(publicConfigSchema.safeParse(withKnownChoices(broken)).success).toBe(false);
    }
  });
});
