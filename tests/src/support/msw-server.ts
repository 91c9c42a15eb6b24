import { setupServer } from 'msw/node';
import { noAlarms } from './alarm-scenarios';
import { portfolioFull } from './scenarios';

// Every screen asks for the app bar's alarm count: nothing is wrong unless a test says so.
export const server = setupServer(...portfolioFull(), ...noAlarms());
