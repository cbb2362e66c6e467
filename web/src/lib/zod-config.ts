/**
 * Without this zod probes for eval with `new Function`, which the pages' Content-Security-Policy
 * reports as a violation even though zod catches the refusal. Parsing gives the same results.
 * Imported first by main.tsx, so it runs before any module parses at load time.
 */
import { z } from 'zod';

z.config({ jitless: true });
