import { fileURLToPath } from 'node:url';

// This file sits directly in src/ and is bundled into dist/main.js, so one level up is the
// server package in both layouts.
export const serverRoot = fileURLToPath(new URL('..', import.meta.url));
export const migrationsDir = fileURLToPath(new URL('../drizzle', import.meta.url));
export const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
