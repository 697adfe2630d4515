/**
 * Providers that deliver `first.last@` and `firstlast@` to the same inbox. Gmail documents it;
 * googlemail.com is the same service under its old name.
 */
const DOTS_IGNORED: Record<string, string> = {
  'gmail.com': 'gmail.com',
  'googlemail.com': 'gmail.com',
};

/**
 * The inbox an address reaches, as far as a per-mailbox cap can tell: case folded, a `+tag`
 * dropped (nearly every provider delivers `name+anything@` to `name@`), and dots dropped where
 * the provider ignores them. Only for counting, never for delivery: mail goes to the address
 * exactly as given, since a provider that does treat `+` or dots literally would otherwise get
 * someone else's mail.
 */
export function mailboxKey(address: string): string {
  const email = address.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  let local = email.slice(0, at);
  let domain = email.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTS_IGNORED[domain];
  if (dotless !== undefined) {
    local = local.replaceAll('.', '');
    domain = dotless;
  }
  return `${local}@${domain}`;
}
