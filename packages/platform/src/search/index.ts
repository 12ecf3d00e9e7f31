/** Search read models on OpenSearch (issue 14): the index client, its configuration and the rebuild. */
export * from './searchIndex';
export * from './config';
export * from './rebuild';
export * from './paging';
