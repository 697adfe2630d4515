/**
 * The EFF large word list for passphrases: 7,776 words, chosen by the Electronic Frontier
 * Foundation to be easy to type and tell apart (https://www.eff.org/dice), licensed CC BY 3.0 US;
 * see eff-large-wordlist.NOTICE.md beside it. About 20 KB gzip, so it is fetched only when a
 * passphrase is first made, never with the home page (renderer/e2e/bundle-budget.test.ts).
 */
export async function loadWordList(): Promise<readonly string[]> {
  return (await import('./eff-large-wordlist.json')).default;
}
