import LinearProgress from '@mui/material/LinearProgress';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { routePatterns } from '@/config/paths';
import { AppLayout } from './layout';
import { NotFoundRoute } from './routes/not-found';
import { RouteError } from './routes/route-error';

/** Every screen is its own chunk, loaded when its route is first visited. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteError />,
    // Shown while the first route's chunk loads.
    hydrateFallbackElement: <LinearProgress aria-label="Loading Storey" />,
    children: [
      {
        index: true,
        lazy: () =>
          import('@/features/portfolio/components/portfolio-page').then((m) => ({
            Component: m.PortfolioPage,
          })),
      },
      {
        path: routePatterns.sites,
        lazy: () =>
          import('@/features/sites/components/sites-page').then((m) => ({
            Component: m.SitesPage,
          })),
      },
      {
        path: routePatterns.quality,
        lazy: () =>
          import('@/features/quality/components/quality-page').then((m) => ({
            Component: m.QualityPage,
          })),
      },
      {
        path: routePatterns.compare,
        lazy: () =>
          import('@/features/compare/components/compare-route').then((m) => ({
            Component: m.CompareRoute,
          })),
      },
      {
        path: routePatterns.search,
        lazy: () =>
          import('@/features/search/components/search-page').then((m) => ({
            Component: m.SearchPage,
          })),
      },
      {
        path: routePatterns.building,
        lazy: () =>
          import('@/features/building/components/building-page').then((m) => ({
            Component: m.BuildingPage,
          })),
      },
      {
        path: routePatterns.level,
        lazy: () =>
          import('@/features/building/components/level-page').then((m) => ({
            Component: m.LevelPage,
          })),
      },
      {
        path: routePatterns.room,
        lazy: () =>
          import('@/features/building/components/room-page').then((m) => ({
            Component: m.RoomPage,
          })),
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
