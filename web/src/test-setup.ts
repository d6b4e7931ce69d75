/**
 * Unit tests render administration components without their routes: their Portuguese texts (loaded by the route in
 * the app, i18n/lazy-sections.ts) are loaded here once for every test file.
 */
import { lazySections } from './i18n/lazy-sections.ts';
import { loadSections } from './lib/i18n.ts';

await loadSections(lazySections);
