import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setErrorSinks } from './api/report';
import { toast } from './app/feedback';
import { loginRedirect } from './app/guard';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import './app/global.css';

const router = createAppRouter();

setErrorSinks({
  toast,
  toLogin: (target) => void router.navigate(loginRedirect(target), { replace: true }),
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
