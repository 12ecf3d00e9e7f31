/** Search read models on OpenSearch: the index client, its configuration, projections and the rebuild. */
export * from './searchIndex';
export * from './config';
export * from './rebuild';
export * from './paging';
export * from './projection';
export * from './scan';
