"""The service's routes, one ``APIRouter`` per route group of the interface, each with its rules."""
