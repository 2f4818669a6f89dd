import { IdcardOutlined, SearchOutlined, SolutionOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import type { ConsoleRoute } from '../../app/page-registry';
import { MEMBER_READERS } from './member-roles';

const RegistrationsPage = lazy(() => import('./registrations-page'));
const DocumentsPage = lazy(() => import('./documents-page'));
const BeneficiariesPage = lazy(() => import('./beneficiaries-page'));
const MembersPage = lazy(() => import('./members-page'));
const MemberPage = lazy(() => import('./member-page'));

/**
 * The member programme (issue 17): the audit queues of registrations, documents and beneficiaries
 * (with their photos), member search and one member with block / unblock. The menu entries sit
 * together (orders 14-17) and share the "Members ·" prefix.
 */
export const routes: ConsoleRoute[] = [
  {
    path: 'members/registrations',
    element: <RegistrationsPage />,
    roles: MEMBER_READERS,
    menu: { labelKey: 'menu.registrations', icon: <SolutionOutlined />, order: 14 },
  },
  {
    path: 'members/documents',
    element: <DocumentsPage />,
    roles: MEMBER_READERS,
    menu: { labelKey: 'menu.documents', icon: <IdcardOutlined />, order: 15 },
  },
  {
    path: 'members/beneficiaries',
    element: <BeneficiariesPage />,
    roles: MEMBER_READERS,
    menu: { labelKey: 'menu.beneficiaries', icon: <UsergroupAddOutlined />, order: 16 },
  },
  {
    path: 'members',
    element: <MembersPage />,
    roles: MEMBER_READERS,
    menu: { labelKey: 'menu.search', icon: <SearchOutlined />, order: 17 },
  },
  { path: 'members/:memberId', element: <MemberPage />, roles: MEMBER_READERS },
];
