/**
 * One instance per language, made when first asked for: making an Intl formatter costs a phone
 * several milliseconds each time (eight cards' dates made one each: ~75 ms of the blog list's
 * start at a 4× slower CPU).
 */
export function perLanguage<T>(make: (language: string) => T): (language: string) => T {
  const made = new Map<string, T>();
  return (language) => {
    let instance = made.get(language);
    if (instance === undefined) made.set(language, (instance = make(language)));
    return instance;
  };
}
