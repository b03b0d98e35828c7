/**
 * /auth (spec §2.2, §4): the entry the extension opens, with the params software, reauth, clear and
 * installed. It applies them to local storage (and the server flag when signed in), then forwards:
 * reauth=true to /login (which logs out), otherwise along the onboarding order.
 */
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useGetSoftwareQuery, useSetUserBooleanMutation } from '../../../api';
import { selectSoftware, selectUser, softwareLoaded } from '../../../entities/session';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import LoadingState from '../../../components/LoadingState';
import { useDocumentTitle } from '../../../components/use-document-title';
import { nextScreenFromStorage } from '../../../lib/next-screen';
import { getItem, removeItem, setFlag, setItem, storageKeys } from '../../../lib/storage';

export interface AuthParams {
  software: string | null;
  reauth: boolean;
  clear: boolean;
  installed: boolean;
}

export function readAuthParams(params: URLSearchParams): AuthParams {
  return {
    software: params.get('software')?.trim() || null,
    reauth: params.get('reauth') === 'true',
    clear: params.get('clear') === 'true',
    installed: params.get('installed') === 'true',
  };
}

/** Applies the params to local storage, clear first so `clear=true&software=x` keeps the new CRM. */
export function applyAuthParams({ software, clear, installed }: AuthParams): void {
  if (clear) {
    removeItem(storageKeys.hasInstalled);
    removeItem(storageKeys.hasOnboarded);
    removeItem(storageKeys.software);
  }
  if (software) setItem(storageKeys.software, software);
  if (installed) setFlag(storageKeys.hasInstalled, true);
}

export default function AuthRouterPage() {
  useDocumentTitle('Redirecting');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const known = useAppSelector(selectSoftware);
  const [setUserBoolean] = useSetUserBooleanMutation();
  const [applied, setApplied] = useState(false);
  const started = useRef(false);
  const authParams = readAuthParams(params);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    applyAuthParams(authParams);
    if (authParams.installed && user && !authParams.reauth) {
      setUserBoolean({ key: 'has_installed', value: true })
        .unwrap()
        .catch((error: unknown) => console.error('Failed to set user boolean', error));
    }
    setApplied(true);
  }, [authParams, setUserBoolean, user]);

  // The CRM's auth_options decide between /connected and /complete, so its record must be known first.
  const slug = applied ? (getItem(storageKeys.software) ?? user?.software?.slug ?? null) : null;
  const needsRecord = Boolean(user && slug && known?.slug !== slug && !authParams.reauth);
  const { data, isFetching } = useGetSoftwareQuery(needsRecord && slug ? { software: slug } : skipToken);

  useEffect(() => {
    if (!applied) return;
    if (authParams.reauth) {
      navigate('/login?reauth=true', { replace: true });
      return;
    }
    if (needsRecord && isFetching) return;
    const record = needsRecord ? (data?.data ?? null) : known;
    if (needsRecord && record) dispatch(softwareLoaded(record));
    navigate(nextScreenFromStorage(user, record?.auth_options), { replace: true });
  }, [applied, authParams.reauth, data, dispatch, isFetching, known, navigate, needsRecord, user]);

  return <LoadingState text="Redirecting..." />;
}
