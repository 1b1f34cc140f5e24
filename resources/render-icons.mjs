#!/usr/bin/env node
// Draws resources/icon.png (512x512, what electron-builder turns into .ico/.icns and Linux icons)
// and resources/icons/<size>x<size>.png from resources/icon.svg, in Chromium.
// Run after changing the SVG: node resources/render-icons.mjs (the PNGs are committed).
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const dir = new URL('.', import.meta.url).pathname;
const svg = readFileSync(join(dir, 'icon.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  mkdirSync(join(dir, 'icons'), { recursive: true });
  for (const size of [16, 32, 48, 64, 128, 256, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
    const out = size === 512 ? [join(dir, 'icon.png'), join(dir, 'icons', '512x512.png')] : [join(dir, 'icons', `${size}x${size}.png`)];
    for (const path of out) await page.screenshot({ path, omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
