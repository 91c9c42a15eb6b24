import LinearProgress from '@mui/material/LinearProgress';
import type { QueryClient } from '@tanstack/react-query';
import {
  createBrowserRouter,
  matchRoutes,
  type LoaderFunction,
  type RouteObject,
} from 'react-router-dom';
import { routePatterns } from '@/config/paths';
import { AppLayout } from './layout';
import { NotFoundRoute } from './routes/not-found';
import { RouteError } from './routes/route-error';
import type { RouteData } from './routes/route-data';
import { accessData } from './routes/access-data';
import { alarmData } from './routes/alarm-data';
import { alarmNoiseData } from './routes/alarm-noise-data';
import { alarmsData } from './routes/alarms-data';
import { attentionData } from './routes/attention-data';
import { buildingData } from './routes/building-data';
import { compareData } from './routes/compare-data';
import { energyData } from './routes/energy-data';
import { levelData } from './routes/level-data';
import { myAccessData } from './routes/my-access-data';
import { outboxData } from './routes/outbox-data';
import { portfolioData } from './routes/portfolio-data';
import { qualityData } from './routes/quality-data';
import { roomData } from './routes/room-data';
import { searchData } from './routes/search-data';
import { sitesData } from './routes/sites-data';

type RouteModule = () => Promise<{ Component: React.ComponentType }>;

/** What a route needs before it can show: its code (a chunk of its own) and its first data. */
interface ScreenRoute {
  path?: string;
  index?: true;
  load: RouteModule;
  data: RouteData;
}

const screens: ScreenRoute[] = [
  { index: true, load: () => import('./routes/portfolio'), data: portfolioData },
  { path: routePatterns.sites, load: () => import('./routes/sites'), data: sitesData },
  { path: routePatterns.quality, load: () => import('./routes/quality'), data: qualityData },
  { path: routePatterns.attention, load: () => import('./routes/attention'), data: attentionData },
  { path: routePatterns.alarms, load: () => import('./routes/alarms'), data: alarmsData },
  { path: routePatterns.outbox, load: () => import('./routes/outbox'), data: outboxData },
  {
    path: routePatterns.alarmNoise,
    load: () => import('./routes/alarm-noise'),
    data: alarmNoiseData,
  },
  { path: routePatterns.alarm, load: () => import('./routes/alarm'), data: alarmData },
  { path: routePatterns.energy, load: () => import('./routes/energy'), data: energyData },
  { path: routePatterns.compare, load: () => import('./routes/compare'), data: compareData },
  { path: routePatterns.myAccess, load: () => import('./routes/my-access'), data: myAccessData },
  { path: routePatterns.access, load: () => import('./routes/access'), data: accessData },
  { path: routePatterns.search, load: () => import('./routes/search'), data: searchData },
  { path: routePatterns.building, load: () => import('./routes/building'), data: buildingData },
  { path: routePatterns.level, load: () => import('./routes/level'), data: levelData },
  { path: routePatterns.room, load: () => import('./routes/room'), data: roomData },
];

/** How a route starts its data: at once, not awaited (the screen shows its own loading state). */
const loaderOf =
  (queryClient: QueryClient, data: RouteData): LoaderFunction =>
  ({ params, request }) => {
    void data(queryClient, params, new URL(request.url).searchParams);
    return null;
  };

/**
 * Every URL, each with a route module in ./routes/ that reads the params and composes features.
 * The loader starts the screen's data at the click, in parallel with its chunk.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: '/',
      element: <AppLayout />,
      errorElement: <RouteError />,
      // Shown while the first route's chunk loads.
      hydrateFallbackElement: <LinearProgress aria-label="Loading Storey" />,
      children: [
        ...screens.map(({ path, index, load, data }): RouteObject => ({
          ...(index ? { index } : { path }),
          loader: loaderOf(queryClient, data),
          // A screen's own state in the query (filters, sort, range) is the screen's to fetch;
          // its loader runs when the place changes, so such a change never waits for it.
          shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
            currentUrl.pathname !== nextUrl.pathname && defaultShouldRevalidate,
          lazy: load,
          handle: { load, data } satisfies Pick<ScreenRoute, 'load' | 'data'>,
        })),
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ];
}

/**
 * Starts what a link's screen needs when someone shows the intent to follow it (hover, focus,
 * touch): its chunk and its first data, through the same loaders a click runs. Repeated intents
 * cost nothing: chunks are imported once and fresh data is not asked for again.
 */
export function prefetchRoute(routes: RouteObject[], queryClient: QueryClient, href: string): void {
  const url = new URL(href, window.location.origin);
  if (url.origin !== window.location.origin) return;
  for (const match of matchRoutes(routes, url.pathname) ?? []) {
    const handle = match.route.handle as Pick<ScreenRoute, 'load' | 'data'> | undefined;
    if (!handle) continue;
    void handle.load();
    void handle.data(queryClient, match.params, url.searchParams, { only: true });
  }
}

export const createAppRouter = (queryClient: QueryClient) =>
  createBrowserRouter(createRoutes(queryClient));
