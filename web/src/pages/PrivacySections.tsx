/** Longer sections of the Privacy Policy, kept apart to keep PrivacyPage short. */

export function PrivacyShortLinksSection() {
  return (
    <section aria-labelledby="privacy-short-links">
      <h2 id="privacy-short-links">Short links</h2>
      <p>
        For each short link we store its destination and short code. For every click on a short link we store:
      </p>
      <ul>
        <li>the time of the click;</li>
        <li>the visitor’s IP address;</li>
        <li>
          the city, region and country, and the network (ISP and ASN), looked up offline from databases
          bundled with the server;
        </li>
        <li>the user agent (browser, operating system and device);</li>
        <li>the referer, the page the visitor came from;</li>
        <li>
          for a person (not a bot), a visitor code: a one-way hash of the link, the IP address and the user
          agent under a random key that changes every day and is deleted after 48 hours. It lets the link’s
          owner count unique visitors per day; once the key is gone, nobody can tell whose code it is.
        </li>
      </ul>
      <p>
        After 30 days a click’s IP address is cut down to its network part (for example, 203.0.113.45 becomes
        203.0.113.0). The location and network stay, so the link’s analytics keep working.
      </p>
    </section>
  );
}
