// The hostile list, last third (tests/worker/hostile-suite.ts says why three files).
import { hostileSuite } from './hostile-suite';

hostileSuite(2, 3);
