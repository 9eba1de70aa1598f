import * as z from 'zod';

// zod compiles a fast parser for each object schema with `new Function`, probing first whether it
// may. In a browser, the shop's Content-Security-Policy forbids eval (decision 0016) and reports
// that probe as a violation, so there every schema is built to parse without it. Each file of the
// contract imports this module, so it runs before any schema is built; servers keep the compiled
// parsers.
if ('document' in globalThis) z.config({ jitless: true });
