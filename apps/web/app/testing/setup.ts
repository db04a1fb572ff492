import { configure } from '@testing-library/react';

// findBy* and waitFor wait up to this long. The default (1 s) is shorter than a lazily loaded
// dialog takes to appear when the machine runs other work; a wait that passes still ends early.
configure({ asyncUtilTimeout: 5_000 });
