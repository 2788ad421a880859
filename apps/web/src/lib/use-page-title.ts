import { PRODUCT_NAME } from '@scentia/shared/constants';
import { useEffect } from 'react';

/** Every page title ends with the product's short name (spec §1): "Entrar | Scentia". */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
