import { Navigate, Outlet } from 'react-router-dom';
import { useAppSelector } from './hooks';
import LoadingState from '../components/LoadingState';

/**
 * The session guard of /dashboard/*: while the initial load runs it shows 'Loading...'; without a session
 * (get-user answered 401, or the user logged out) it sends the visitor to /login; any other failure is
 * shown full-page as 'Error: {message}' (spec §8), never a blank page.
 */
export default function DashboardGuard() {
  const { user, loading, error, errorMessage, userErrorStatus } = useAppSelector((state) => state.app);

  if (user) return <Outlet />;
  if (loading) return <LoadingState />;
  if (error && userErrorStatus !== 401) return <p role="alert">Error: {errorMessage}</p>;
  return <Navigate to="/login" replace />;
}
