// The hostile list, second third (tests/worker/hostile-suite.ts says why three files).
import { hostileSuite } from './hostile-suite';

hostileSuite(1, 3);
