// The badge service's request and answer models, for its routes and the gateway's route table alike.
export { BadgeQuery } from './badges/model'
export { Counted, ImpressionCounts } from './impressions/model'
