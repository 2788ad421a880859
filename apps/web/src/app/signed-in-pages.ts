// The signed-in pages' modules, other than the home (router.tsx), behind one dynamic import: each
// `import()` here brings the list of chunks it preloads, and listed in the entry chunk those lists cost
// the login route, which never shows these pages, part of its JavaScript budget. The router fetches this
// small module with the first of them, and with the signed-in home's chunks at the login page's first
// focus (preloadSignedInHome), so a page opened after sign-in finds it there.
import type { ComponentType } from 'react';

type PageModule = () => Promise<{ default: ComponentType }>;

/** A resource's list, create and update pages. Literal imports: the bundler splits chunks only there. */
export const resourcePages = {
  users: {
    list: () => import('../features/users/pages/users-list-page.tsx'),
    create: () => import('../features/users/pages/user-create-page.tsx'),
    update: () => import('../features/users/pages/user-update-page.tsx'),
  },
  organizations: {
    list: () => import('../features/organizations/pages/organizations-list-page.tsx'),
    create: () => import('../features/organizations/pages/organization-create-page.tsx'),
    update: () => import('../features/organizations/pages/organization-update-page.tsx'),
  },
  locations: {
    list: () => import('../features/locations/pages/locations-list-page.tsx'),
    create: () => import('../features/locations/pages/location-create-page.tsx'),
    update: () => import('../features/locations/pages/location-update-page.tsx'),
  },
  fragrances: {
    list: () => import('../features/fragrances/pages/fragrances-list-page.tsx'),
    create: () => import('../features/fragrances/pages/fragrance-create-page.tsx'),
    update: () => import('../features/fragrances/pages/fragrance-update-page.tsx'),
  },
  categories: {
    list: () => import('../features/categories/pages/categories-list-page.tsx'),
    create: () => import('../features/categories/pages/category-create-page.tsx'),
    update: () => import('../features/categories/pages/category-update-page.tsx'),
  },
  campaigns: {
    list: () => import('../features/campaigns/pages/campaigns-list-page.tsx'),
    create: () => import('../features/campaigns/pages/campaign-create-page.tsx'),
    update: () => import('../features/campaigns/pages/campaign-update-page.tsx'),
  },
  quiz: {
    list: () => import('../features/quiz/pages/quiz-list-page.tsx'),
    create: () => import('../features/quiz/pages/quiz-create-page.tsx'),
    update: () => import('../features/quiz/pages/quiz-editor-page.tsx'),
  },
  devices: {
    list: () => import('../features/devices/pages/devices-list-page.tsx'),
    create: () => import('../features/devices/pages/device-create-page.tsx'),
    update: () => import('../features/devices/pages/device-update-page.tsx'),
  },
  initiatives: {
    list: () => import('../features/initiatives/pages/initiatives-list-page.tsx'),
    create: () => import('../features/initiatives/pages/initiative-create-page.tsx'),
    update: () => import('../features/initiatives/pages/initiative-update-page.tsx'),
  },
} satisfies Record<string, { list: PageModule; create: PageModule; update: PageModule }>;

/** The signed-in pages that are a single page rather than a resource's three. */
export const sectionPages = {
  members: () => import('../features/members/pages/members-page.tsx'),
  organizationMembers: () => import('../features/members/pages/organization-members-page.tsx'),
  capsules: () => import('../features/capsules/pages/capsules-page.tsx'),
  initiativesCalendar: () => import('../features/initiatives/pages/initiatives-calendar-page.tsx'),
  profiles: () => import('../features/profiles/pages/profiles-page.tsx'),
} satisfies Record<string, PageModule>;
