/** Review mode: the host's score of a song and a line for its artist. */
export { ScoreControl } from "./components/score-control";
