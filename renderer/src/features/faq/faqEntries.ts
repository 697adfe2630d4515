/** The FAQ's categories, in the order of the spec's chips (§2, FAQ). */
export const FAQ_CATEGORIES = ['security', 'features', 'usage', 'chat'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

/**
 * Every question, by category, in display order. The texts (question, answer, search tags) are
 * in the `pages` namespace under `faq.items.<id>`; answers quote the shared limits.
 */
export const FAQ_ENTRIES = [
  { id: 'encryption', category: 'security' },
  { id: 'canYouRead', category: 'security' },
  { id: 'linkPreviews', category: 'security' },
  { id: 'intercepted', category: 'security' },
  { id: 'wrongPassword', category: 'security' },
  { id: 'tracking', category: 'security' },
  { id: 'reallyGone', category: 'security' },
  { id: 'insecureConnection', category: 'security' },
  { id: 'passwordHow', category: 'features' },
  { id: 'files', category: 'features' },
  { id: 'images', category: 'features' },
  { id: 'readReceipt', category: 'features' },
  { id: 'expiry', category: 'features' },
  { id: 'size', category: 'features' },
  { id: 'securityLevel', category: 'features' },
  { id: 'languages', category: 'features' },
  { id: 'desktopApp', category: 'features' },
  { id: 'statusLink', category: 'features' },
  { id: 'generator', category: 'features' },
  { id: 'howToSend', category: 'usage' },
  { id: 'howToRead', category: 'usage' },
  { id: 'requestSecret', category: 'usage' },
  { id: 'alreadyRead', category: 'usage' },
  { id: 'account', category: 'usage' },
  { id: 'lostLink', category: 'usage' },
  { id: 'selfHost', category: 'usage' },
  { id: 'minimumAge', category: 'usage' },
  { id: 'chatHow', category: 'chat' },
  { id: 'chatPeople', category: 'chat' },
  { id: 'chatDuration', category: 'chat' },
  { id: 'chatStored', category: 'chat' },
  { id: 'safetyCode', category: 'chat' },
  { id: 'chatMessageLength', category: 'chat' },
] as const satisfies readonly { id: string; category: FaqCategory }[];

export type FaqId = (typeof FAQ_ENTRIES)[number]['id'];
