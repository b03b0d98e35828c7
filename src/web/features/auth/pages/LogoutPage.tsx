/**
 * /logout (spec §4): end the session, clear local storage except the chosen CRM, reset the API cache and
 * the shared user, then go to /login.
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import LoadingState from '../../../components/LoadingState';
import { useDocumentTitle } from '../../../components/use-document-title';
import { useLogOut } from '../hooks/useLogOut';

export default function LogoutPage() {
  useDocumentTitle('Logging out');
  const navigate = useNavigate();
  const [logOut] = useLogOut();
  // StrictMode runs effects twice in development; one logout call is enough.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logOut().then(() => navigate('/login', { replace: true }));
  }, [logOut, navigate]);

  return <LoadingState text="Logging out..." />;
}
