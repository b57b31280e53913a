"""HTTP shape only: parse, call gateway.operations, wrap in the envelope."""
