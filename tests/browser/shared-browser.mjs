// @ts-check
// One headless Chromium for every browser test file of a run
// (scripts/test.sh): prints its WebSocket address, then serves until
// killed. Each file connects through harness.mjs (SPROUTS_BROWSER_WS) and
// works in a fresh context of its own: launching a Chromium per file cost
// about 1.3 s of CPU each on the 2-core machine (docs/contributing.md).
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './harness.mjs';

const server = await chromium.launchServer({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
console.log(server.wsEndpoint());
const stop = () => { server.close().finally(() => process.exit(0)); };
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
