import { describe, expect, it } from 'vitest';
import { classifyAgent } from './bots.js';
import {
  CHROME_UA,
  FACEBOOK_UA,
  FIREFOX_LINUX_UA,
  GOOGLEBOT_UA,
  SAFARI_IPHONE_UA,
  SLACKBOT_UA,
} from './test-helpers.js';

describe('classifyAgent', () => {
  it.each([CHROME_UA, FIREFOX_LINUX_UA, SAFARI_IPHONE_UA])(
    'counts a browser as a person: %s',
    (userAgent) => {
      expect(classifyAgent(userAgent)).toEqual({ isBot: false, botReason: null });
    },
  );

  it.each([
    [SLACKBOT_UA, 'link preview: Slackbot'],
    [FACEBOOK_UA, 'link preview: Facebook'],
    ['Twitterbot/1.0', 'link preview: Twitterbot'],
    [
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
      'link preview: LinkedInBot',
    ],
    ['Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)', 'link preview: Discordbot'],
    ['WhatsApp/2.23.20.0 A', 'link preview: WhatsApp'],
    ['TelegramBot (like TwitterBot)', 'link preview: TelegramBot'],
    ['Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5', 'link preview: SkypeUriPreview'],
    ['Mozilla/5.0 (compatible; redditbot/1.0; +http://www.reddit.com/feedback)', 'link preview: redditbot'],
    ['Mozilla/5.0 (compatible; Embedly/0.2; +http://support.embed.ly/)', 'link preview: Embedly'],
    ['Iframely/1.3.1 (+https://iframely.com/docs/about)', 'link preview: Iframely'],
    ['Mozilla/5.0 (compatible; vkShare; +http://vk.com/dev/Share)', 'link preview: vkShare'],
    ['Pinterest/0.2 (+http://www.pinterest.com/bot.html)', 'link preview: Pinterest'],
    ['Viber/13.3.0.6 CFNetwork/1209 Darwin/20.2.0', 'link preview: Viber'],
  ])('names a link preview: %s', (userAgent, reason) => {
    expect(classifyAgent(userAgent)).toEqual({ isBot: true, botReason: reason });
  });

  it.each([
    [GOOGLEBOT_UA, 'isbot: Googlebot'],
    ['curl/8.4.0', 'isbot: curl'],
    ['python-requests/2.31.0', 'isbot: python-requests'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36',
      'isbot: HeadlessChrome',
    ],
  ])('names what isbot matched: %s', (userAgent, reason) => {
    expect(classifyAgent(userAgent)).toEqual({ isBot: true, botReason: reason });
  });

  it('treats a visit without a user agent as a bot', () => {
    expect(classifyAgent(null)).toEqual({ isBot: true, botReason: 'no user agent' });
    expect(classifyAgent('  ')).toEqual({ isBot: true, botReason: 'no user agent' });
  });

  it('gives the same verdicts after judging more agents than it remembers', () => {
    expect(classifyAgent(CHROME_UA)).toEqual({ isBot: false, botReason: null });
    expect(classifyAgent(GOOGLEBOT_UA)).toEqual({ isBot: true, botReason: 'isbot: Googlebot' });
    for (let index = 0; index < 1500; index++) {
      expect(classifyAgent(`curl/${index}`)).toEqual({ isBot: true, botReason: 'isbot: curl' });
      expect(classifyAgent(`${CHROME_UA} ${index}`)).toEqual({ isBot: false, botReason: null });
    }
    expect(classifyAgent(GOOGLEBOT_UA)).toEqual({ isBot: true, botReason: 'isbot: Googlebot' });
    expect(classifyAgent(CHROME_UA)).toEqual({ isBot: false, botReason: null });
  });
});
