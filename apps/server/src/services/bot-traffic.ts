/**
 * User agents of crawlers, link previewers, headless browsers and HTTP libraries: their "visits"
 * are nobody's, and would swell the funnel's first step.
 */
const BOT_USER_AGENT =
  /bot\b|bot\/|crawler|spider|crawling|slurp|facebookexternalhit|headlesschrome|phantomjs|puppeteer|playwright|selenium|lighthouse|pagespeed|preview|python-requests|python-urllib|curl\/|wget\/|go-http-client|okhttp|axios\/|node-fetch|undici|java\/|libwww|httpclient/i;

/** Traffic analytics drops: no user agent at all, or one of a known automaton. */
export function isBotTraffic(userAgent: string | undefined): boolean {
  const agent = userAgent?.trim();
  if (!agent) return true;
  return BOT_USER_AGENT.test(agent);
}
