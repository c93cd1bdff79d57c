// The hostile list, second half (tests/worker/hostile-suite.ts says why two files).
import { hostileSuite } from './hostile-suite';

hostileSuite(1, 2);
