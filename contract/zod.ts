// zod as contract/ and src/ import it (an ESLint rule keeps it so, type imports aside). In a browser, zod's compiled
// parsers are off (`jitless`): zod writes them with `new Function`, which the page's CSP refuses (no 'unsafe-eval'),
// and its probe for that, made as the first schema is built, was reported as a CSP violation on every page that read
// an answer. Refused, zod had already been parsing without them, so nothing changes but the report. The server and the
// first screen's renderer (no document) keep them. This module runs before any schema is built: every file that
// builds one imports `z` from here.
import { z } from "zod";

if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
