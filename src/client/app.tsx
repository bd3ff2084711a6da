import { Route, Switch, useLocation } from 'wouter';
import { Toaster } from 'sonner';
import { useSnapshot } from 'valtio';
import { prefs } from './state/prefs';
import { RequireAuth } from './shell/require-auth';
import { Shell } from './shell/shell';
import { DashboardRoutes } from './shell/dashboard-routes';
import { SignIn } from './screens/sign-in';
import { SignUp } from './screens/sign-up';
import { ForgotPassword } from './screens/forgot-password';
import { ResetPassword } from './screens/reset-password';
import { HostedLoginCallback } from './screens/hosted-login-callback';
import { NotFound, ServerError } from './screens/error-pages';

/** Toasts: spec §8–9, 4 s, top 60 / right 50. */
function Toasts() {
  const { theme } = useSnapshot(prefs);
  return <Toaster position="top-right" offset={{ top: 60, right: 50 }} duration={4000} theme={theme === 'dark' || theme === 'contrast' ? 'dark' : 'light'} closeButton />;
}

const isDashboard = (path: string) => path === '/dashboard' || path.startsWith('/dashboard/');

export function App() {
  const [location] = useLocation();
  if (isDashboard(location)) {
    return (
      <>
        <RequireAuth>
          <Shell>
            <DashboardRoutes />
          </Shell>
        </RequireAuth>
        <Toasts />
      </>
    );
  }
  return (
    <>
      <Switch>
        <Route path="/" component={SignIn} />
        <Route path="/signin" component={SignIn} />
        <Route path="/signup" component={SignUp} />
        <Route path="/forgot-password" component={ForgotPassword} />
        <Route path="/reset-password/:token">{(p) => <ResetPassword token={p.token} />}</Route>
        <Route path="/auth0loginCallback" component={HostedLoginCallback} />
        <Route path="/404"><NotFound /></Route>
        <Route path="/505" component={ServerError} />
        <Route><NotFound /></Route>
      </Switch>
      <Toasts />
    </>
  );
}
