/**
 * Browser and system families from a User-Agent header, for the sessions list (/settings/sessions,
 * issue 30): "Chrome on Linux" says more to a person than the raw string. Our own small parser, not a
 * library: the list needs a dozen families, not versions or devices, and the big parsers
 * (ua-parser-js, bowser) weigh more than everything else on that page.
 *
 * Order matters: most browsers claim to be others too (Edge and Opera say "Chrome", Chrome says
 * "Safari", every iPhone browser says "Safari"), so the specific tokens are tried first.
 */

export interface UserAgentFamilies {
	/** "Chrome", "Firefox", "Safari", "Edge", "Opera", "Samsung Internet", "Vivaldi", "Brave" …; null: unknown. */
	browser: string | null;
	/** "Windows", "macOS", "Linux", "Android", "iOS", "iPadOS", "ChromeOS"; null: unknown. */
	os: string | null;
}

const BROWSERS: [RegExp, string][] = [
	[/\bEdg(?:e|A|iOS)?\//, 'Edge'],
	[/\bOPR\/|\bOPiOS\/|\bOpera\b/, 'Opera'],
	[/\bSamsungBrowser\//, 'Samsung Internet'],
	[/\bVivaldi\//, 'Vivaldi'],
	[/\bYaBrowser\//, 'Yandex Browser'],
	[/\bFirefox\/|\bFxiOS\//, 'Firefox'],
	[/\bCriOS\//, 'Chrome'],
	// Chromium without a brand of its own (Brave says nothing in its UA; it shows as Chrome).
	[/\bChromium\//, 'Chromium'],
	[/\bChrome\/|\bHeadlessChrome\//, 'Chrome'],
	// Safari last: every WebKit browser says "Safari"; the real one says "Version/".
	[/\bVersion\/[\d.]+.*\bSafari\/|\b(?:iPhone|iPad|iPod)\b.*AppleWebKit/, 'Safari']
];

const SYSTEMS: [RegExp, string][] = [
	[/\bCrOS\b/, 'ChromeOS'],
	[/\bAndroid\b/, 'Android'],
	[/\biPad\b/, 'iPadOS'],
	[/\b(?:iPhone|iPod)\b/, 'iOS'],
	[/\bWindows\b/, 'Windows'],
	[/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
	[/\bLinux\b|\bX11\b/, 'Linux']
];

export function parseUserAgent(ua: string | null | undefined): UserAgentFamilies {
	if (!ua) return { browser: null, os: null };
	const first = (list: [RegExp, string][]) => list.find(([re]) => re.test(ua))?.[1] ?? null;
	return { browser: first(BROWSERS), os: first(SYSTEMS) };
}
