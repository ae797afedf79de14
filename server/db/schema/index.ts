export * from './core'
export * from './auth'
export * from './platform'
export * from './team'
