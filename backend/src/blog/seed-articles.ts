/**
 * The articles the blog starts with (written by the team, English only: articles are content,
 * the interface around them is translated). Every statement about Ashnote must stay true of the
 * code: DESIGN.md §3 and §5 are the reference.
 */
export interface SeedArticle {
  id: string;
  title: string;
  excerpt: string;
  category: string;
  tags: string[];
  publishedAt: string;
  html: string;
}

export const SEED_ARTICLES: readonly SeedArticle[] = [
  {
    id: 'why-you-should-not-paste-passwords-into-chat-or-email',
    title: 'Why You Should Not Paste Passwords into Chat or Email',
    excerpt:
      'A password sent in a chat message or an email lives on in inboxes, backups and search indexes long after it was needed. Here is why that matters and what to do instead.',
    category: 'Security Basics',
    tags: ['passwords', 'email', 'chat', 'data retention'],
    publishedAt: '2026-09-02T09:00:00Z',
    html: `
<p>It takes five seconds: a colleague needs the Wi-Fi password, the login for a shared account or an API key, and you paste it into the chat window or an email. The message arrives, the problem is solved, and nobody thinks about it again. That last part is the problem. The secret is still there, and it will be there for a long time.</p>
<h2>Messages are kept, copied and indexed</h2>
<p>An email is not one copy of a message. It sits in your sent folder, in the recipient's inbox, on the mail servers of both providers, in any backup those providers or your employer make, and often on every phone and laptop where either of you reads mail. Team chat works the same way: workspaces keep history by default, export it for compliance, and make it searchable. A password pasted in March can be found in November by anyone who types "password" into the search box of a mailbox or a workspace they gained access to.</p>
<ul>
<li><strong>Compromised accounts.</strong> When an attacker takes over one mailbox or chat account, searching its history for credentials is one of the first things they do. Every secret you ever sent through it is then exposed at once.</li>
<li><strong>Forwarding and screenshots.</strong> Messages get forwarded, quoted in replies, pasted into tickets and captured in screenshots. You lose control over where the secret travels.</li>
<li><strong>People leave.</strong> Former employees, contractors and guests may keep copies of old conversations on personal devices.</li>
<li><strong>Notifications.</strong> Message previews show secrets on lock screens and on shared monitors during screen sharing.</li>
</ul>
<h2>Encryption in transit is not enough</h2>
<p>Most mail and chat services encrypt the connection between your device and their servers. That protects the message while it travels, but not where it is stored. Unless the service is end-to-end encrypted, the provider can read the stored message, and so can anyone who gets into either account. Even with end-to-end encrypted messengers, the secret stays in the conversation history on both devices until someone deletes it.</p>
<h2>What to do instead</h2>
<p>The goal is simple: the secret should reach the one person who needs it, and then stop existing anywhere it is not needed.</p>
<ul>
<li><strong>Use a password manager's sharing feature</strong> when both people use the same manager. The secret stays encrypted and can be revoked.</li>
<li><strong>Send a self-destructing, end-to-end-encrypted link</strong> for one-off handovers. With Ashnote, the note is encrypted in your browser, the server only stores ciphertext, and the note is destroyed as soon as it is read. What remains in the chat history is a link that no longer opens anything.</li>
<li><strong>Split the channels.</strong> If you add a password to the note, share that password another way, for example by phone, so that one intercepted channel is not enough.</li>
<li><strong>Set a short expiry.</strong> An unread note that expires after an hour or a day cannot be opened later by someone who finds the link in an old conversation.</li>
</ul>
<h2>Clean up what is already out there</h2>
<p>If you have sent credentials by email or chat before, assume they can still be found. Change those passwords and rotate those keys, starting with the most powerful ones: administrator accounts, cloud consoles, payment systems and production databases. Then delete the old messages where you can, knowing that copies may remain in backups you do not control.</p>
<p>Habits are what protect you here. Once "never paste a secret into a conversation" becomes a rule your team follows without thinking, a whole category of leaks simply stops happening.</p>
`,
  },
  {
    id: 'how-end-to-end-encryption-in-a-link-fragment-works',
    title: 'How End-to-End Encryption in a Link Fragment Works',
    excerpt:
      'The part of a link after the # never leaves your browser. That simple fact lets a server store your note without ever being able to read it.',
    category: 'Encryption',
    tags: ['encryption', 'zero knowledge', 'URL fragment', 'AES-GCM'],
    publishedAt: '2026-09-16T09:00:00Z',
    html: `
<p>An Ashnote link looks like this: <code>https://example.org/note/ID#KEY</code>. The part before the <code>#</code> tells your browser which note to fetch. The part after it, called the fragment, is the key that decrypts it. This article explains why splitting a link like this is what makes the service end-to-end encrypted.</p>
<h2>Browsers never send the fragment</h2>
<p>When you open a web address, your browser sends the path and the query string to the server, but not the fragment. The fragment was designed for jumping to a position inside a page, so it is handled entirely on your device. It is not included in the HTTP request, does not appear in the server's access logs and is not forwarded by proxies. That makes it a natural place for a key that must reach the recipient's browser but never the server.</p>
<h2>What happens when you create a note</h2>
<ol>
<li>Your browser generates a random 256-bit key. It never leaves your device except inside the link you share.</li>
<li>The note, and any images you attach, are encrypted in your browser with AES-256-GCM, an authenticated cipher: any tampering with the ciphertext is detected when it is decrypted.</li>
<li>The browser uploads only the ciphertext, together with a value the server can use to check later that a reader holds the key, without learning the key itself.</li>
<li>The server answers with an id, and your browser builds the link with the key in the fragment.</li>
</ol>
<h2>What happens when someone opens it</h2>
<p>The recipient's browser loads the page, reads the key from the fragment and derives from it a proof that it knows the key. It sends the proof, never the key. The server compares the proof against what it stored, and only if it matches does it hand over the ciphertext and destroy the note in the same step. The browser then decrypts the note locally. The server has seen ciphertext, an id and a proof, none of which reveals the content.</p>
<h2>What this protects against, and what it does not</h2>
<ul>
<li><strong>A curious or compromised server</strong> cannot read notes: it never had the key.</li>
<li><strong>A stolen database</strong> contains only ciphertext and verification values. Without the links, the notes cannot be decrypted.</li>
<li><strong>Network observers</strong> see an encrypted HTTPS connection; the fragment is not even part of the request.</li>
</ul>
<p>End-to-end encryption does not protect the link itself. Anyone who obtains the complete link before the intended reader can open the note. That is why the channel you share the link through still matters, and why an optional password, shared separately, adds a second factor: with a password set, the key is derived from both the link and the password, so the link alone is not enough.</p>
<h2>Why this design is worth trusting</h2>
<p>The encryption uses standard, well-reviewed primitives, normally provided by the browser's Web Crypto API: AES-256-GCM for the content, HKDF for deriving keys and PBKDF2 with 600,000 iterations for passwords. Nothing here depends on trusting a promise that the server "does not look". The server simply never receives what it would need to look.</p>
`,
  },
  {
    id: 'one-time-links-link-previews-and-scanners',
    title: 'One-Time Links, Link Previews and Security Scanners',
    excerpt:
      'Chat apps and mail filters open links before people do. A one-time link that burns on the first request can be destroyed by a robot. Here is how to avoid that.',
    category: 'Encryption',
    tags: ['one-time links', 'link previews', 'email security', 'burn after reading'],
    publishedAt: '2026-09-30T09:00:00Z',
    html: `
<p>A one-time link promises that a secret can be read exactly once. That promise meets an awkward reality: the first visitor to a link is often not a person. Messaging apps fetch links to build previews, corporate mail gateways open them to check for malware, and some browsers prefetch pages they expect you to visit. If a service destroys a note on the first request, one of these robots may "read" it before the recipient ever sees it.</p>
<h2>Who opens your links first</h2>
<ul>
<li><strong>Link previews.</strong> When you paste a link into many chat apps, their servers fetch it to show a title and an image. Some do it from the sender's side, some from the recipient's side, some from both.</li>
<li><strong>Mail security scanners.</strong> Many organisations rewrite or pre-open every link in incoming mail to check the target before the employee clicks.</li>
<li><strong>Prefetching and antivirus tools</strong> on the device itself may request pages in the background.</li>
</ul>
<p>The result, with a naive one-time link, is a confused recipient who sees "this note has already been read" and a sender who wonders whether someone intercepted it.</p>
<h2>How Ashnote avoids being burned by robots</h2>
<p>Opening a note page does not destroy anything. The page first asks the server only whether the note exists. Reading the content requires a proof that is derived from the key in the link fragment, and robots that fetch a URL do not send the fragment to anyone. So a preview bot or a mail scanner that requests the page gets the page itself, not the note, and the note stays intact.</p>
<p>The note is destroyed only when a browser that holds the full link, fragment included, asks for the content with the correct proof. The check and the deletion happen in one atomic step on the server, so two readers cannot both receive the note.</p>
<p>The recipient also sees a warning before the note is revealed, saying it will be destroyed after reading. That gives a person the chance to open it at the right moment, on the right device.</p>
<h2>Practical advice</h2>
<ul>
<li><strong>Tell the recipient what to expect.</strong> A short message such as "I am sending you the database password as a one-time link, open it when you are ready to store it" avoids surprises.</li>
<li><strong>Ask the recipient to confirm</strong> they read it. If they say the note was already gone, treat the secret as exposed and rotate it.</li>
<li><strong>Use a read receipt</strong> when you want to know when the note was opened. On servers with email configured, Ashnote can send one when the note is read; the address is kept encrypted on the server until then.</li>
<li><strong>Prefer short expiry for links sent through channels that many people can see</strong>, such as a shared team channel.</li>
</ul>
<p>One-time links are a strong tool when they are built for the way links really travel. The key idea is simple: a request without the key must never be able to destroy the note.</p>
`,
  },
  {
    id: 'choosing-the-right-expiry-for-a-shared-secret',
    title: 'Choosing the Right Expiry for a Shared Secret',
    excerpt:
      'An hour, a day, a week or a month? How long a secret should wait for its reader depends on who receives it, how you send the link and what the secret unlocks.',
    category: 'Best Practices',
    tags: ['expiry', 'risk', 'self-destructing notes'],
    publishedAt: '2026-10-07T09:00:00Z',
    html: `
<p>A self-destructing note disappears in one of two ways: it is read, or it expires. Reading is the normal case. Expiry is the safety net for everything that goes wrong: the recipient never opens it, the message with the link is forwarded, or the link sits in a chat history that someone else later reads. Choosing the expiry is choosing how long that safety net takes to close.</p>
<h2>The options</h2>
<p>Ashnote offers four lifetimes for an unread note: <strong>1 hour</strong>, <strong>1 day</strong> (the default), <strong>7 days</strong> and <strong>30 days</strong>. Whatever you choose, the note is destroyed the moment it is read; the expiry only limits how long an unread note waits.</p>
<h2>Questions that decide it</h2>
<ul>
<li><strong>Is the recipient waiting for it right now?</strong> If you are on a call together, one hour is plenty. There is no reason to leave a window open longer than the conversation.</li>
<li><strong>How is the link travelling?</strong> A link sent in a private, end-to-end-encrypted conversation is less exposed than one posted in a shared channel or sent by email through several servers. The more places the link is stored, the shorter the expiry should be.</li>
<li><strong>What does the secret unlock?</strong> The login for a production database or a recovery code deserves the shortest practical window. A Wi-Fi password for a guest network can wait longer.</li>
<li><strong>Which time zone is the recipient in?</strong> Someone who is asleep for the next eight hours will not read a one-hour note. A day is often the right compromise across time zones.</li>
</ul>
<h2>A simple rule of thumb</h2>
<ul>
<li><strong>1 hour:</strong> live handovers, when you can confirm receipt straight away.</li>
<li><strong>1 day:</strong> the normal case for colleagues and friends who will read it today or tomorrow.</li>
<li><strong>7 days:</strong> when the recipient is travelling or you do not know when they will be available.</li>
<li><strong>30 days:</strong> rare cases, such as instructions for someone starting a new job next month. Consider adding a password shared separately.</li>
</ul>
<h2>When a note expires unread</h2>
<p>An expired note is gone for good: nobody, including the service, can restore it. Simply create a new one. If the note expired because the recipient never got the link, ask yourself where the link went. If there is any doubt that someone else could have read it, treat the secret as exposed and change it.</p>
<h2>Expiry is not a substitute for rotation</h2>
<p>Expiry limits how long the note exists, not how long the secret is valid. If you share a temporary password, make the account require a change at first login. If you share an API key, give it the narrowest permissions and an end date where the system supports it. The shortest-lived secret is the one that stops working on its own.</p>
`,
  },
  {
    id: 'protecting-notes-with-a-password-shared-out-of-band',
    title: 'Protecting Notes with a Password Shared Out of Band',
    excerpt:
      'A password on a note turns one secret into two pieces that travel separately. Here is how it works, when it is worth it and how to share the password well.',
    category: 'Best Practices',
    tags: ['passwords', 'out of band', 'two-channel sharing'],
    publishedAt: '2026-10-14T09:00:00Z',
    html: `
<p>A link with the key in its fragment is everything a reader needs to open a note. That is convenient, and it means the link deserves care: whoever holds it first can read the note. Adding a password to the note changes that. Now opening it takes two things, the link and the password, and you can send them through two different channels.</p>
<h2>What the password does</h2>
<p>When you set a password, your browser stretches it with PBKDF2-SHA256 using a random salt and 600,000 iterations, and combines the result with the random key in the link. The content is encrypted with a key derived from both. The password itself never leaves your browser, and the server never learns it.</p>
<p>A wrong password does not burn the note. The recipient is told the password was incorrect and how many attempts remain. After ten wrong attempts the note is destroyed, so nobody can keep guessing. And because checking a password requires the key from the link, someone who copies the server's database cannot even start guessing passwords offline.</p>
<h2>What "out of band" means</h2>
<p>Out of band means sending the password through a different channel from the link. If the link goes by email, read the password out over the phone. If the link goes through a team chat, send the password by text message or say it in person. An attacker then has to compromise two separate channels at the right moment, which is far harder than reading one mailbox.</p>
<h2>Choosing a good note password</h2>
<ul>
<li><strong>Make it easy to say, hard to guess.</strong> Three or four random words, such as "harbor lantern velvet", are easy to read out over the phone and much stronger than a short string of symbols.</li>
<li><strong>Never reuse a real password.</strong> The note password protects one handover; it should not be a password you use anywhere else.</li>
<li><strong>Do not put the password next to the link.</strong> "Here is the link, the password is…" in the same message removes the whole benefit.</li>
</ul>
<h2>When a password is worth the extra step</h2>
<ul>
<li>The link travels through email, a shared channel or any system that keeps history.</li>
<li>The note stays available for days rather than an hour.</li>
<li>The secret is high value: administrator credentials, recovery codes, signing keys.</li>
<li>You want to be sure the right person opens it, not just the first person who finds the link.</li>
</ul>
<p>For a quick handover during a call, the link alone with a one-hour expiry is often enough. For everything else, the extra minute it takes to share a password separately is a small price for making a single intercepted message useless.</p>
`,
  },
  {
    id: 'a-secret-leaked-how-to-rotate-it-calmly',
    title: 'A Secret Leaked: How to Rotate It Calmly',
    excerpt:
      'A password in a public repository, an API key in a screenshot, a note that someone else opened first. A clear, ordered response limits the damage.',
    category: 'Incident Response',
    tags: ['rotation', 'incident response', 'API keys', 'credentials'],
    publishedAt: '2026-10-21T09:00:00Z',
    html: `
<p>Sooner or later a secret ends up where it should not: committed to a public repository, visible in a screenshot, pasted into the wrong chat, or in a one-time note that the recipient says was already opened. The instinct is to delete the message and hope nobody saw it. That is not enough. Once a secret has been exposed, the only safe assumption is that someone has it, and the only real fix is to make it worthless.</p>
<h2>1. Revoke or replace first, investigate second</h2>
<p>Change the password or issue a new key and disable the old one before you spend time working out how the leak happened. Automated scanners look for credentials in public code within minutes, so speed matters more than a complete picture.</p>
<ul>
<li><strong>Passwords:</strong> change them, and sign out existing sessions if the system allows it.</li>
<li><strong>API keys and tokens:</strong> create a new key, deploy it, then revoke the old one. Where the provider supports several active keys, this avoids downtime.</li>
<li><strong>Certificates and signing keys:</strong> revoke and reissue; tell the people who rely on them.</li>
</ul>
<h2>2. Find where the secret was used</h2>
<p>A leaked secret is only as harmful as what it unlocks. List every system that accepted it, including scripts, CI pipelines and colleagues' local configuration, so the new secret replaces the old one everywhere and nothing keeps failing with the revoked one.</p>
<h2>3. Look for misuse</h2>
<p>Check the logs of the affected systems for the period between the leak and the rotation: sign-ins from unusual places, new users or keys created, data exports, unexpected costs on a cloud account. If you find activity you cannot explain, escalate it as a security incident.</p>
<h2>4. Remove the copies you can</h2>
<p>Delete the message, rewrite the repository history if needed, and ask people who received the secret to delete their copies. Do this after rotating, not instead of it: copies may survive in backups, forks, caches and notifications you cannot reach.</p>
<h2>5. Fix the path it leaked through</h2>
<ul>
<li>Add secret scanning to your repositories and pre-commit hooks.</li>
<li>Keep credentials in a secrets manager or environment configuration, never in code.</li>
<li>Agree on one way to hand over secrets, such as a password manager for long-term sharing and self-destructing, encrypted notes for one-off handovers, so that nobody improvises with chat or email.</li>
</ul>
<h2>No blame, just speed</h2>
<p>People hide leaks when they expect to be blamed, and a hidden leak is far more dangerous than a reported one. Make it easy and normal to say "I think I exposed a key". The faster you hear about it, the less it costs.</p>
`,
  },
  {
    id: 'sharing-secrets-in-teams-and-during-onboarding',
    title: 'Sharing Secrets in Teams and During Onboarding',
    excerpt:
      'New colleagues need access on their first day, and that is when credentials get sent around carelessly. A few simple rules keep onboarding fast and safe.',
    category: 'Teams',
    tags: ['teams', 'onboarding', 'access management', 'password managers'],
    publishedAt: '2026-11-04T09:00:00Z',
    html: `
<p>Onboarding is a stress test for a team's security habits. A new colleague needs a laptop password, a VPN login, access to a dozen tools and perhaps a few shared accounts, all on day one. Under time pressure, credentials are pasted into chat, written on sticky notes and emailed "just this once". A little preparation makes the secure way also the fastest one.</p>
<h2>Give people their own accounts</h2>
<p>The best shared secret is the one you never have to share. Wherever a tool supports individual accounts and single sign-on, use them: access can be granted and removed per person, activity is attributable, and nobody needs to know anyone else's password. Shared logins should be the exception and should be documented.</p>
<h2>Use a team password manager for lasting access</h2>
<p>For credentials that several people need over time, a password manager with shared vaults is the right tool. It keeps secrets encrypted, shows who has access, and lets you remove a person's access when their role changes. Add new colleagues to the right vault rather than sending them the contents.</p>
<h2>Use one-time, encrypted notes for handovers</h2>
<p>Some secrets have to travel once: the initial password for a new account, a recovery code, a key for the password manager itself. For those, a self-destructing, end-to-end-encrypted note is a good fit. With Ashnote, the note is encrypted in the browser, the server never sees the content, and the note is destroyed when it is read, so the onboarding chat does not become a permanent archive of credentials.</p>
<ul>
<li>Set a short expiry, such as one hour or one day, matched to when the new colleague will read it.</li>
<li>For high-value secrets, add a password and tell it to them in person or by phone.</li>
<li>Make temporary passwords expire at first login, so the secret you sent stops working once it has done its job.</li>
</ul>
<h2>Write the rules down</h2>
<p>A one-page guide saves many improvised decisions. It can be as short as this:</p>
<ul>
<li>Never paste credentials into chat, email, tickets or documents.</li>
<li>Long-term shared secrets live in the password manager.</li>
<li>One-off handovers use an encrypted, self-destructing note with a short expiry.</li>
<li>If a secret may have leaked, say so at once and rotate it.</li>
</ul>
<h2>Offboarding is the other half</h2>
<p>When someone leaves, remove their accounts and vault access on their last day, and rotate every shared secret they knew. A list of "who knows which shared credential" makes this a checklist instead of a guessing game, and is one more reason to keep shared credentials few.</p>
<p>Security that slows everyone down gets bypassed. Prepared tools, a written rule and a habit of one-time handovers make the safe way the easy way, starting on day one.</p>
`,
  },
  {
    id: 'spotting-phishing-with-fake-secure-note-links',
    title: 'Spotting Phishing with Fake "Secure Note" Links',
    excerpt:
      'Attackers imitate secure-message and file-sharing notifications because people trust them. Learn the signs of a fake "someone sent you a secure note" message.',
    category: 'Phishing',
    tags: ['phishing', 'social engineering', 'email security', 'awareness'],
    publishedAt: '2026-11-18T09:00:00Z',
    html: `
<p>"You have received a secure message. Click here to view it." Messages like this are a favourite of phishing campaigns. They borrow the trust people place in encryption and in services they may have used before, and they create a small sense of urgency: the note might expire, so better open it now. The link then leads to a fake page that asks for an email password or a company login.</p>
<h2>How a real note link behaves</h2>
<p>Knowing what legitimate behaviour looks like makes fakes easier to spot. A genuine Ashnote link:</p>
<ul>
<li>points directly to the note on the service's own domain, in the form <code>/note/ID#KEY</code>;</li>
<li>never asks you to sign in, because there are no accounts: a note asks at most for the note's own password, which the sender gave you separately;</li>
<li>never asks for your email password, your company login, payment details or any personal information;</li>
<li>shows a warning that the note will be destroyed after reading and lets you choose when to reveal it.</li>
</ul>
<p>A page that asks you to "log in with Microsoft" or "confirm your email" to read a note is not a secure note. It is a credential harvesting page.</p>
<h2>Warning signs in the message</h2>
<ul>
<li><strong>Unexpected notes.</strong> If you were not expecting a secret from this person, ask them through another channel before opening it.</li>
<li><strong>A mismatched address.</strong> The sender's address or the link's domain does not match the service or the organisation it claims to come from. Hover over or long-press the link to see where it really goes.</li>
<li><strong>Pressure.</strong> "Expires in 10 minutes", "final notice", "your account will be suspended".</li>
<li><strong>Generic wording.</strong> "Dear user" or a greeting that does not use your name, from someone who supposedly knows you.</li>
<li><strong>Attachments that pretend to be links.</strong> An HTML or PDF attachment that "contains" a secure message is a common trick to bypass link scanners.</li>
</ul>
<h2>What to do with a suspicious message</h2>
<ul>
<li>Do not enter any credentials on the page it leads to.</li>
<li>Contact the supposed sender through a channel you already trust, not by replying to the message.</li>
<li>Report it to your IT or security team; they can block the domain for everyone.</li>
<li>If you already entered a password, change it at once, sign out other sessions and tell your security team.</li>
</ul>
<h2>For senders: make your notes easy to trust</h2>
<p>When you send a secret, announce it in your own words in a channel the recipient knows, for example: "I am sending you the VPN password as a one-time note in a minute". A recipient who expects your link, from you, on a familiar domain, has little reason to fall for a fake one.</p>
`,
  },
];
