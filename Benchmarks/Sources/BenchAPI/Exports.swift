// The generated client of this target needs EndpointRuntime; importing the target brings it along.
@_exported import EndpointRuntime
