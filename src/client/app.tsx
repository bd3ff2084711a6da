import { lazy, Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { toasts } from './state/toast';
import { RequireAuth } from './shell/require-auth';
import { SignIn } from './screens/sign-in';

// The sign-in page comes first; the console behind it and the rarer public pages load when they are opened.
const Dashboard = lazy(() => import('./dashboard'));
const NotFound = lazy(() => import('./screens/error-pages').then((m) => ({ default: m.NotFound })));
const ServerError = lazy(() => import('./screens/error-pages').then((m) => ({ default: m.ServerError })));
const SignUp = lazy(() => import('./screens/sign-up').then((m) => ({ default: m.SignUp })));
const ForgotPassword = lazy(() => import('./screens/forgot-password').then((m) => ({ default: m.ForgotPassword })));
const ResetPassword = lazy(() => import('./screens/reset-password').then((m) => ({ default: m.ResetPassword })));
const EnrolSecondFactor = lazy(() => import('./screens/second-factor').then((m) => ({ default: m.EnrolSecondFactor })));
const HostedLoginCallback = lazy(() => import('./screens/hosted-login-callback').then((m) => ({ default: m.HostedLoginCallback })));
const ToastPlace = lazy(() => import('./shell/toasts'));

const isDashboard = (path: string) => path === '/dashboard' || path.startsWith('/dashboard/');
/** The pages of the first load, which show no toast by themselves (state/toast.ts). */
const isFirstLoad = (path: string) => path === '/' || path === '/signin' || path === '/dashboard';

/** The toasts' place, mounted once a toast is wanted or on a page past the first load (state/toast.ts says why). */
function Toasts() {
  const [location] = useLocation();
  const { wanted } = useSnapshot(toasts);
  return wanted || !isFirstLoad(location) ? <Suspense fallback={null}><ToastPlace /></Suspense> : null;
}

export function App() {
  const [location] = useLocation();
  if (isDashboard(location)) {
    return (
      <>
        <RequireAuth>
          <Suspense fallback={null}><Dashboard /></Suspense>
        </RequireAuth>
        <Toasts />
      </>
    );
  }
  return (
    <>
      <Suspense fallback={null}>
      <Switch>
        <Route path="/" component={SignIn} />
        <Route path="/signin" component={SignIn} />
        <Route path="/signup" component={SignUp} />
        <Route path="/forgot-password" component={ForgotPassword} />
        <Route path="/reset-password/:token">{(p) => <ResetPassword token={p.token} />}</Route>
        <Route path="/auth0loginCallback" component={HostedLoginCallback} />
        <Route path="/second-factor" component={EnrolSecondFactor} />
        <Route path="/404"><NotFound /></Route>
        <Route path="/505" component={ServerError} />
        <Route><NotFound /></Route>
      </Switch>
      </Suspense>
      <Toasts />
    </>
  );
}
