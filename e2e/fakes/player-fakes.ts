/**
 * Where the e2e server says the platforms' player scripts are (playwright.config.ts). Nothing listens
 * there: e2e/player.spec.ts answers every request to it from this folder, so the host's player runs
 * its real code against fakes with the platforms' JavaScript API.
 */
export const PLAYER_FAKES = "http://player-fakes.localhost";
