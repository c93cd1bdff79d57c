// The hostile list, first half, and the answers in detail (tests/worker/hostile-suite.ts says why two files).
import { hostileSuite } from './hostile-suite';

hostileSuite(0, 2);
