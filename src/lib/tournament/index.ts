/** The tournament library (issue 35): pure functions shared by the server and the browser. */
export type { Bye, Format, Pairing, PairingInput, Standing, TableResult, TournamentPlayer } from './types';
export { pairingProblem, pairRound, roundRobinRounds, tableSizes } from './pairing';
export { BYE_POINTS, pointsFor, standings } from './standings';
