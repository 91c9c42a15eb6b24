import LinearProgress from '@mui/material/LinearProgress';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
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
        path: 'sites',
        lazy: () =>
          import('@/features/sites/components/sites-page').then((m) => ({
            Component: m.SitesPage,
          })),
      },
      {
        path: 'buildings/:buildingId',
        lazy: () =>
          import('@/features/building/components/building-page').then((m) => ({
            Component: m.BuildingPage,
          })),
      },
      {
        path: 'buildings/:buildingId/levels/:level',
        lazy: () =>
          import('@/features/building/components/level-page').then((m) => ({
            Component: m.LevelPage,
          })),
      },
      {
        path: 'buildings/:buildingId/levels/:level/rooms/:room',
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
