// The hostile list, first third, and the answers in detail (tests/worker/hostile-suite.ts says why three files).
import { hostileSuite } from './hostile-suite';

hostileSuite(0, 3);
