import { setupServer } from 'msw/node';
import { portfolioFull } from './scenarios';

export const server = setupServer(...portfolioFull());
