/** Debian's Chromium, as every browser run here drives it (see toolchain notes: as root, no sandbox). */
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
