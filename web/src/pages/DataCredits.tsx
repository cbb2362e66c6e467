/** Attribution for the IP location and network databases bundled with Hookbay. */
import { TOOLKIT_NAME } from '../app/paths';

const MAXMIND_URL = 'https://www.maxmind.com';

export function DataCredits() {
  return (
    <section aria-labelledby="data-credits-heading">
      <h2 id="data-credits-heading">Data and credits</h2>
      <p>
        Short-link click analytics look up the location and network of an IP address offline, in databases
        that ship with {TOOLKIT_NAME}. No IP address is sent to another service for this.
      </p>
      <p className="border-start border-3 ps-3" data-testid="maxmind-credit">
        This product includes GeoLite2 data created by MaxMind, available from{' '}
        <a href={MAXMIND_URL}>{MAXMIND_URL}</a>
      </p>
      <ul>
        <li>
          City, region and country data: GeoLite2, used under the{' '}
          <a href="https://www.maxmind.com/en/geolite2/eula">GeoLite2 End User License Agreement</a>, obtained
          through the <a href="https://github.com/sapics/ip-location-db">ip-location-db</a> project.
        </li>
        <li>
          Network (ASN) data: licensed under{' '}
          <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a> by{' '}
          <a href="https://www.routeviews.org/">RouteViews</a>, <a href="https://db-ip.com/">DB-IP</a> and the{' '}
          <a href="https://www.nro.net/">NRO</a>, via{' '}
          <a href="https://github.com/sapics/ip-location-db">ip-location-db</a>.
        </li>
        <li>
          Fallback country data: geo-whois-asn-country from ip-location-db, released into the public domain
          (CC0 1.0).
        </li>
      </ul>
    </section>
  );
}
