// findBy…/waitFor give up after 1 s by default. A page's lazy chunk is a
// dynamic import that vitest transforms on first use, which can take longer
// than that on a loaded 2-core CI machine; 5 s keeps those tests from
// failing on load while a real miss still fails quickly enough.
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5_000 });
