/**
 * npm run icons — draws the PNG app icons from static/favicon.svg (the one drawing of Rongo's mark)
 * with Debian's Chromium, offline: static/icon-192.png, static/icon-512.png (web-app manifest) and
 * static/apple-touch-icon.png (180 px, iOS home screens ignore SVG). Run it after changing the SVG
 * and commit the PNGs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM } from '../tests/e2e/browser';

const STATIC = join(import.meta.dirname, '..', 'static');
const svg = readFileSync(join(STATIC, 'favicon.svg'), 'utf8');
const SIZES: [string, number][] = [
	['icon-192.png', 192],
	['icon-512.png', 512],
	['apple-touch-icon.png', 180]
];

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
	for (const [file, size] of SIZES) {
		const page = await browser.newPage({ viewport: { width: size, height: size } });
		// iOS draws its own rounded corners and shows transparency as black: fill the corners there.
		const back = file.startsWith('apple') ? '#2b2825' : 'transparent';
		await page.setContent(`<body style="margin:0;background:${back}">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body>`);
		writeFileSync(join(STATIC, file), await page.screenshot({ omitBackground: back === 'transparent' }));
		await page.close();
		console.log(`static/${file}: ${size}×${size}`);
	}
} finally {
	await browser.close();
}
